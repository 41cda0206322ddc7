/** Bounds on what one upload may cost; tests pass smaller ones. */
export interface IngestLimits {
  /** Bytes of the file as sent. */
  maxUploadBytes: number;
  /** Bytes a file may unpack to, whatever its size. */
  maxDecompressedBytes: number;
  /** Unpacked bytes per byte of the file (bombs), once past `ratioAllowanceBytes`. */
  maxRatio: number;
  ratioAllowanceBytes: number;
  /** Files in one zip archive. */
  maxEntries: number;
  /** Characters of one line. */
  maxLineBytes: number;
  /** Events written to the profile per transaction. */
  batchEvents: number;
}

export const DEFAULT_INGEST_LIMITS: IngestLimits = {
  maxUploadBytes: 1024 * 1024 * 1024,
  maxDecompressedBytes: 8 * 1024 * 1024 * 1024,
  maxRatio: 200,
  ratioAllowanceBytes: 16 * 1024 * 1024,
  maxEntries: 1000,
  maxLineBytes: 4 * 1024 * 1024,
  batchEvents: 500,
};

/** The most a file of `fileBytes` may unpack to. */
export function decompressedCap(limits: IngestLimits, fileBytes: number): number {
  return Math.min(limits.maxDecompressedBytes, Math.max(limits.ratioAllowanceBytes, fileBytes * limits.maxRatio));
}
