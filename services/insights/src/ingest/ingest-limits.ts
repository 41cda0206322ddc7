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
  /**
   * The most events profiled before their delta is written, in one transaction with the run's
   * checkpoint. Identical shapes aggregate, so a delta's row count depends on how many distinct
   * events and properties the batch saw, hardly on its size: larger batches mean fewer, not
   * larger, writes.
   */
  batchEvents: number;
  /**
   * A run's first batch is written once it is this old and nothing else is being written, so progress and
   * first findings show soon; each later batch of the run may grow twice as old as the one before, up to
   * `batchMaxMs`. Every write costs about the same whatever the batch's size, and it shares the machine
   * with the reading: fewer writes leave the reading more of it.
   */
  batchMs: number;
  batchMaxMs: number;
}

export const DEFAULT_INGEST_LIMITS: IngestLimits = {
  maxUploadBytes: 1024 * 1024 * 1024,
  maxDecompressedBytes: 8 * 1024 * 1024 * 1024,
  maxRatio: 200,
  ratioAllowanceBytes: 16 * 1024 * 1024,
  maxEntries: 1000,
  maxLineBytes: 4 * 1024 * 1024,
  batchEvents: 500_000,
  batchMs: 1_000,
  batchMaxMs: 8_000,
};

/** The most a file of `fileBytes` may unpack to. */
export function decompressedCap(limits: IngestLimits, fileBytes: number): number {
  return Math.min(limits.maxDecompressedBytes, Math.max(limits.ratioAllowanceBytes, fileBytes * limits.maxRatio));
}
