/** The JSON body of every error response from the API. */
export interface ApiErrorBody {
  error: ErrorCode;
  message: string;
  issues?: { path: string; message: string }[];
}

export type ErrorCode =
  | 'bad_request'
  | 'validation_error'
  | 'invalid_json'
  | 'unsupported_media_type'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'gone'
  | 'payload_too_large'
  | 'unprocessable'
  | 'too_many_requests'
  | 'internal_error';
