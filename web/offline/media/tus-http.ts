import type {
  FileReader as TusFileReader,
  FileSource,
  HttpRequest,
  HttpResponse,
  HttpStack,
  SliceResult,
  UrlStorage,
} from 'tus-js-client';
import type { FetchLike } from '../transport';

// tus-js-client's plumbing over fetch and Blob, the same in the browser and in the offline tests
// (whose fetch goes to the real API in memory and can cut the network mid-upload).

class FetchResponse implements HttpResponse {
  constructor(
    private readonly response: Response,
    private readonly body: string,
  ) {}
  getStatus = () => this.response.status;
  getHeader = (name: string) => this.response.headers.get(name) ?? undefined;
  getBody = () => this.body;
  getUnderlyingObject = () => this.response;
}

class FetchRequest implements HttpRequest {
  private readonly headers: Record<string, string> = {};
  private readonly controller = new AbortController();
  private progress: (bytesSent: number) => void = () => undefined;

  constructor(
    private readonly fetchFn: FetchLike,
    private readonly method: string,
    private readonly url: string,
    private readonly timeoutMs: number,
  ) {}

  getMethod = () => this.method;
  getURL = () => this.url;
  setHeader(name: string, value: string): void {
    this.headers[name] = value;
  }
  getHeader = (name: string) => this.headers[name];
  setProgressHandler(handler: (bytesSent: number) => void): void {
    this.progress = handler;
  }

  async send(body?: Blob | null): Promise<HttpResponse> {
    const timer = setTimeout(() => this.controller.abort(), this.timeoutMs);
    try {
      const response = await this.fetchFn(this.url, {
        method: this.method,
        headers: this.headers,
        body: body ?? undefined,
        credentials: 'same-origin',
        signal: this.controller.signal,
      });
      const text = await response.text();
      // fetch reports no upload progress: the chunk counts once the server answered.
      if (body) this.progress(body.size);
      return new FetchResponse(response, text);
    } finally {
      clearTimeout(timer);
    }
  }

  async abort(): Promise<void> {
    this.controller.abort();
  }
  getUnderlyingObject = () => this.controller;
}

export class FetchHttpStack implements HttpStack {
  constructor(
    private readonly fetchFn: FetchLike,
    private readonly timeoutMs: number,
  ) {}
  createRequest(method: string, url: string): HttpRequest {
    return new FetchRequest(this.fetchFn, method, url, this.timeoutMs);
  }
  getName = () => 'FetchHttpStack';
}

/** Reads the stored Blob a slice at a time (never the whole file in memory). */
export const blobReader: TusFileReader = {
  async openFile(input: Blob): Promise<FileSource> {
    return {
      size: input.size,
      async slice(start: number, end: number): Promise<SliceResult> {
        return { value: input.slice(start, Math.min(end, input.size)), done: end >= input.size };
      },
      close: () => undefined,
    };
  },
};

/** The upload URL lives in Dexie with its queue entry, not in tus-js-client's own storage. */
export const noUrlStorage: UrlStorage = {
  findAllUploads: async () => [],
  findUploadsByFingerprint: async () => [],
  removeUpload: async () => undefined,
  addUpload: async () => '',
};
