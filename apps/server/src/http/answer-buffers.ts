/**
 * Buffers for long answers written byte by byte (the timesheet's JSON), used again once an answer has left. Each new
 * buffer of a megabyte costs the process its pages' first touch (a fault per page, in the kernel), which for the
 * month's timesheet was more than writing the answer: a buffer given back after its answer was handed to the operating
 * system is already mapped and written.
 *
 * A buffer is given back only once the whole answer was written (`finish`); an answer that was cut short leaves its
 * buffer to the garbage collector, since a compression or a write may still be reading it. Only what an answer wrote is
 * sent (`subarray`), so what a buffer held before is never part of another answer.
 */

/** The smallest buffer kept; sizes are rounded up to a power of two so that answers of about one size share them. */
const smallestBytes = 64 * 1024;
/** Free buffers beyond this many bytes in all are left to the garbage collector. */
const keptBytes = 64 * 1024 * 1024;

const free: Buffer[] = [];
let freeBytes = 0;
/** Buffers handed out and not given back, by their memory (a view of one, `subarray`, shares it). */
const lent = new WeakMap<ArrayBufferLike, Buffer>();

/** A buffer of at least `size` bytes, whatever it holds; `giveBack` it (or a view of it) once it is not read any more. */
export function takeAnswerBuffer(size: number): Buffer {
  let best = -1;
  for (let i = 0; i < free.length; i += 1) {
    if (free[i]!.length >= size && (best < 0 || free[i]!.length < free[best]!.length)) best = i;
  }
  let buffer: Buffer;
  if (best >= 0) {
    buffer = free[best]!;
    free.splice(best, 1);
    freeBytes -= buffer.length;
  } else {
    let length = smallestBytes;
    while (length < size) length *= 2;
    buffer = Buffer.allocUnsafeSlow(length);
  }
  lent.set(buffer.buffer, buffer);
  return buffer;
}

/** Gives back the buffer `bytes` is (or is a view of), if it came from `takeAnswerBuffer` and is out; else nothing. */
export function giveBack(bytes: Uint8Array): void {
  const buffer = lent.get(bytes.buffer);
  if (!buffer) return;
  lent.delete(bytes.buffer);
  if (freeBytes + buffer.length > keptBytes) return;
  free.push(buffer);
  freeBytes += buffer.length;
}

/** How many buffers and bytes are free now (for tests). */
export function freeAnswerBuffers(): { buffers: number; bytes: number } {
  return { buffers: free.length, bytes: freeBytes };
}
