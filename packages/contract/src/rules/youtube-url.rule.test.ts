import { describe, expect, it } from 'vitest';
import { isYoutubeUrl, YOUTUBE_URL_MESSAGE, youtubeVideoId } from './youtube-url.rule';

const ID = 'dQw4w9WgXcQ';

describe('isYoutubeUrl', () => {
  it('allows an empty or blank value', () => {
    expect(isYoutubeUrl('')).toBe(true);
    expect(isYoutubeUrl('   ')).toBe(true);
  });

  it('accepts a watch link', () => {
    expect(isYoutubeUrl(`https://www.youtube.com/watch?v=${ID}`)).toBe(true);
  });

  it('accepts a watch link with extra parameters before or after v', () => {
    expect(isYoutubeUrl(`https://www.youtube.com/watch?v=${ID}&t=42s`)).toBe(true);
    expect(isYoutubeUrl(`https://www.youtube.com/watch?feature=share&v=${ID}`)).toBe(true);
    expect(isYoutubeUrl(`https://www.youtube.com/watch?v=${ID}#comments`)).toBe(true);
  });

  it('accepts embed and v links', () => {
    expect(isYoutubeUrl(`https://www.youtube.com/embed/${ID}`)).toBe(true);
    expect(isYoutubeUrl(`https://www.youtube.com/embed/${ID}?autoplay=1`)).toBe(true);
    expect(isYoutubeUrl(`https://www.youtube.com/v/${ID}`)).toBe(true);
  });

  it('accepts a youtu.be short link', () => {
    expect(isYoutubeUrl(`https://youtu.be/${ID}`)).toBe(true);
    expect(isYoutubeUrl(`https://youtu.be/${ID}?t=10`)).toBe(true);
  });

  it('accepts http, a bare host and the mobile host', () => {
    expect(isYoutubeUrl(`http://youtube.com/watch?v=${ID}`)).toBe(true);
    expect(isYoutubeUrl(`https://m.youtube.com/watch?v=${ID}`)).toBe(true);
  });

  it('accepts ids using dash and underscore', () => {
    expect(isYoutubeUrl('https://youtu.be/a-b_c-d_e-f')).toBe(true);
  });

  it('rejects an id that is not exactly 11 characters', () => {
    expect(isYoutubeUrl('https://youtu.be/dQw4w9WgXc')).toBe(false);
    expect(isYoutubeUrl('https://youtu.be/dQw4w9WgXcQQ')).toBe(false);
    expect(isYoutubeUrl('https://www.youtube.com/watch?v=dQw4w9WgXcQQ')).toBe(false);
    expect(isYoutubeUrl('https://www.youtube.com/embed/dQw4w9WgXc')).toBe(false);
  });

  it('rejects an id with forbidden characters', () => {
    expect(isYoutubeUrl('https://youtu.be/dQw4w9WgX.Q')).toBe(false);
  });

  it('rejects links without a scheme or with another scheme', () => {
    expect(isYoutubeUrl(`youtube.com/watch?v=${ID}`)).toBe(false);
    expect(isYoutubeUrl(`ftp://youtube.com/watch?v=${ID}`)).toBe(false);
    expect(isYoutubeUrl(`javascript://youtu.be/${ID}`)).toBe(false);
  });

  it('rejects other hosts, including look-alikes', () => {
    expect(isYoutubeUrl(`https://vimeo.com/${ID}`)).toBe(false);
    expect(isYoutubeUrl(`https://youtube.com.evil.example/watch?v=${ID}`)).toBe(false);
    expect(isYoutubeUrl(`https://evilyoutube.com/watch?v=${ID}`)).toBe(false);
    expect(isYoutubeUrl(`https://music.youtube.com/watch?v=${ID}`)).toBe(false);
  });

  it('rejects YouTube links that are not videos', () => {
    expect(isYoutubeUrl('https://www.youtube.com/')).toBe(false);
    expect(isYoutubeUrl('https://www.youtube.com/channel/UC123')).toBe(false);
    expect(isYoutubeUrl('https://www.youtube.com/watch?list=PL123')).toBe(false);
    expect(isYoutubeUrl(`https://www.youtube.com/watch?xv=${ID}`)).toBe(false);
  });

  it('exposes the spec message', () => {
    expect(YOUTUBE_URL_MESSAGE).toBe('Provide a valid youtube url');
  });
});

describe('youtubeVideoId', () => {
  it('extracts the id from every accepted form', () => {
    expect(youtubeVideoId(`https://www.youtube.com/watch?feature=share&v=${ID}&t=1`)).toBe(ID);
    expect(youtubeVideoId(`https://www.youtube.com/embed/${ID}`)).toBe(ID);
    expect(youtubeVideoId(`https://youtube.com/v/${ID}`)).toBe(ID);
    expect(youtubeVideoId(` https://youtu.be/${ID} `)).toBe(ID);
  });

  it('returns null for an empty value or a non-video link', () => {
    expect(youtubeVideoId('')).toBeNull();
    expect(youtubeVideoId('https://example.com')).toBeNull();
  });
});
