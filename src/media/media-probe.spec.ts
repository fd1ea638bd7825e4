import { videoMetadataOf } from './media-probe';

describe('videoMetadataOf (ffprobe JSON → metadata)', () => {
  it('takes the first video stream and the container duration', () => {
    expect(
      videoMetadataOf({
        streams: [
          { codec_type: 'audio', codec_name: 'aac', bit_rate: '128000' },
          { codec_type: 'video', codec_name: 'h264', width: 1920, height: 1080, r_frame_rate: '60/1', avg_frame_rate: '30000/1001', bit_rate: '4500000.4' },
        ],
        format: { duration: '12.500000', bit_rate: '4700000' },
      }),
    ).toEqual({ width: 1920, height: 1080, aspectRatio: 1.7778, frameRate: 29.97, codecName: 'h264', bitRate: 4500000, duration: 12.5 });
  });

  it('falls back to r_frame_rate and the container bit rate', () => {
    expect(
      videoMetadataOf({
        streams: [{ codec_type: 'video', codec_name: 'vp9', width: 10, height: 10, avg_frame_rate: '0/0', r_frame_rate: '24/1' }],
        format: { bit_rate: '1000', duration: 'N/A' },
      }),
    ).toEqual({ width: 10, height: 10, aspectRatio: 1, frameRate: 24, codecName: 'vp9', bitRate: 1000 });
  });

  it('fails without a video stream', () => {
    expect(() => videoMetadataOf({ streams: [{ codec_type: 'audio' }] })).toThrow('No video stream found');
  });
});
