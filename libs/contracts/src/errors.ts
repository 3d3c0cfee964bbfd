/** One bad field of a request: `path` as in `logs[3].level`. */
export interface ErrorDetail {
  path: string;
  message: string;
}

/** The body of every error response of every endpoint. */
export interface ErrorBody {
  statusCode: number;
  error: string;
  message: string;
  details?: ErrorDetail[];
}
