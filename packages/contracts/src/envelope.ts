/** The response envelope every /api/v1 call answers with (decisions: conventions). */
export interface ApiSuccess<T> {
  success: true;
  status: number;
  message: string;
  data: T;
  total?: number;
}

export interface ApiFailure<D = unknown> {
  success: false;
  status: number;
  code: string;
  message: string;
  data?: D;
}

export type ApiResponse<T, D = unknown> = ApiSuccess<T> | ApiFailure<D>;
