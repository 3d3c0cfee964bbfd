import { LOG_LEVELS } from '@logdesk/contracts';
console.log(LOG_LEVELS);
