export declare const BROTLI_MODULE: string;
/** See nginx-site.mjs: writes the runnable nginx files into `dir` and answers nginx's arguments. */
export declare function writeNginxSite(options: { conf: string; dir: string; port: number; clientDir: string; upstreams: string[] }): string[];
