import { execFile } from 'node:child_process';
import sharp from 'sharp';
import { aspectRatio, parseFrameRate } from './media-names';
import type { MediaMetadata } from './schemas/media-record.schema';

export type ProbedMetadata = Partial<Omit<MediaMetadata, 'format' | 'mimeType'>>;

/** Width, height and aspect ratio of an image file (sharp reads only the header). */
export async function probeImage(path: string): Promise<ProbedMetadata> {
  const meta = await sharp(path).metadata();
  // EXIF orientations 5-8 swap the displayed width and height.
  const swap = (meta.orientation ?? 1) >= 5;
  const width = swap ? meta.height : meta.width;
  const height = swap ? meta.width : meta.height;
  return { width, height, aspectRatio: aspectRatio(width, height) };
}

interface FfprobeOutput {
  streams?: Array<{
    codec_type?: string;
    codec_name?: string;
    width?: number;
    height?: number;
    r_frame_rate?: string;
    avg_frame_rate?: string;
    bit_rate?: string;
    duration?: string;
  }>;
  format?: { duration?: string; bit_rate?: string };
}

/** Frame rate, codec, bit rate, duration and size of the first video stream, by ffprobe. */
export async function probeVideo(path: string, ffprobePath: string, timeoutMs = 60_000): Promise<ProbedMetadata> {
  const stdout = await new Promise<string>((resolve, reject) => {
    execFile(
      ffprobePath,
      ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', path],
      { timeout: timeoutMs, maxBuffer: 4 * 1024 * 1024 },
      (err, out) => (err ? reject(err) : resolve(out)),
    );
  });
  return videoMetadataOf(JSON.parse(stdout) as FfprobeOutput);
}

/** Maps ffprobe's JSON to our metadata fields (pure, unit-tested). */
export function videoMetadataOf(probe: FfprobeOutput): ProbedMetadata {
  const video = probe.streams?.find((s) => s.codec_type === 'video');
  if (!video) throw new Error('No video stream found');
  const frameRate = parseFrameRate(video.avg_frame_rate && video.avg_frame_rate !== '0/0' ? video.avg_frame_rate : video.r_frame_rate);
  const duration = num(probe.format?.duration) ?? num(video.duration);
  const bitRate = num(video.bit_rate) ?? num(probe.format?.bit_rate);
  return strip({
    width: video.width,
    height: video.height,
    aspectRatio: aspectRatio(video.width, video.height),
    frameRate,
    codecName: video.codec_name,
    bitRate: bitRate === undefined ? undefined : Math.round(bitRate),
    duration,
  });
}

function num(value: string | undefined): number | undefined {
  if (value === undefined || value === 'N/A') return undefined;
  const n = Number(value);
  return Number.isFinite(n) ? n : undefined;
}

function strip<T extends Record<string, unknown>>(o: T): T {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;
}
