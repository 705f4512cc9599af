export interface PlainResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export function errorEnvelope(status: number, code: string, detail: string): PlainResponse;
export function rawResponse(response: PlainResponse): string;
