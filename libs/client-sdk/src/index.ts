export { createServiceClient } from './client';
export type {
  ClientMode,
  ClientStats,
  FetchFunction,
  FetchInit,
  FetchResponse,
  LogEvent,
  LogLevel,
  LogOptions,
  ServiceClient,
  ServiceClientConfig,
  TagMap,
  UserInfo,
} from './types';
