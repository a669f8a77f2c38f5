/** Types for s3rver 3 (ships none): the part tests/helpers/s3-server.ts uses. */
declare module 's3rver' {
  import type { IncomingMessage, ServerResponse } from 'node:http';
  interface KoaContext {
    req: IncomingMessage;
    res: ServerResponse;
    status: number;
    body: unknown;
    type: string;
  }
  interface Options {
    address?: string;
    port?: number;
    silent?: boolean;
    directory: string;
    configureBuckets?: { name: string }[];
  }
  export default class S3rver {
    constructor(options: Options);
    /** Koa's middleware stack, composed when run() listens. */
    middleware: ((ctx: KoaContext, next: () => Promise<void>) => Promise<void>)[];
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
  }
}
