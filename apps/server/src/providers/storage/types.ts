/**
 * Storage of uploaded and generated files (DESIGN §2: disk under DATA_DIR/uploads by default).
 * Keys are relative paths like `profile/3f2c….webp`; each is served from `/api/assets/<key>`.
 */
export interface StoredFile {
  key: string;
  /** Public URL path, e.g. `/api/assets/profile/3f2c.webp`. */
  url: string;
  /** Size in bytes. */
  size: number;
}

export interface StorageProvider {
  readonly name: string;
  /** Writes `data` under `key` (overwrites). */
  put(key: string, data: Buffer, contentType: string): Promise<StoredFile>;
  /** Reads a stored file, or null when absent. */
  get(key: string): Promise<Buffer | null>;
  /** Local folder the files live in, when the provider is disk-backed (served by @fastify/static). */
  readonly localRoot?: string;
}
