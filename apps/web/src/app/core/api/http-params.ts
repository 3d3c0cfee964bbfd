import { HttpParams } from '@angular/common/http';

type ParamValue = string | number | boolean | null | undefined;

/** Query parameters without the empty ones: the API treats `level=` as a filter, not as "all". */
export function toHttpParams(values: object): HttpParams {
  let params = new HttpParams();
  for (const [name, value] of Object.entries(values) as [string, ParamValue][]) {
    if (value === undefined || value === null || value === '') continue;
    params = params.set(name, String(value));
  }
  return params;
}
