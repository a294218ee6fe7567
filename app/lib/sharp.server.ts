import type sharpFunction from "sharp";

type SharpFactory = typeof sharpFunction;
let loading: Promise<SharpFactory> | undefined;

/**
 * sharp, loaded on the first image rather than at start: its native library (libvips) adds tens
 * of megabytes to the process, and most server processes never process an image.
 */
export function loadSharp(): Promise<SharpFactory> {
  loading ??= import("sharp").then(({ default: sharp }) => {
    // Decoded pixels are not kept between images: uploads are one-off, memory matters more.
    sharp.cache(false);
    return sharp;
  });
  return loading;
}
