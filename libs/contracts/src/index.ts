export type {
  Workspace,
  Project,
  Bucket,
  SavedFilter,
  Tags,
  LogRecord,
  LogEntryInput,
  IngestRequest,
  IngestResponse,
  HealthResponse,
  LogLevel,
} from './records';
export { LOG_LEVELS, DEFAULT_WORKSPACE, DEFAULT_FILTER_NAME } from './records';

export type {
  LogQueryParams,
  TagFilter,
  LogsPage,
  TailResponse,
  ContextScope,
  ContextResponse,
  TagValueCount,
  TagFacet,
  HistogramBin,
  StatsResponse,
  ExportFormat,
} from './query';

export type { ErrorDetail, ErrorBody } from './errors';

export type {
  LogsStoredEvent,
  ProjectCreatedEvent,
  BucketCreatedEvent,
  TagDiscoveredEvent,
  SubscribeRequest,
  SubscribeAck,
  LaggedEvent,
  ServerToClientEvents,
  ClientToServerEvents,
  SocketAuth,
} from './events';
export { INTERNAL_EVENTS } from './events';

export { DEFAULT_PORT, DESKTOP_PORT, INGEST_LIMITS, WRITER, QUERY_LIMITS, LIVE_LIMITS, SDK_HEADER } from './limits';
