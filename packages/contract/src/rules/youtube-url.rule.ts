/** The YouTube URL rule's message (SPEC §5). */
export const YOUTUBE_URL_MESSAGE = 'Provide a valid youtube url';

const ID = '([A-Za-z0-9_-]{11})';
const HOST = 'https?://(?:www\\.|m\\.)?';
const YOUTUBE_PATTERNS: readonly RegExp[] = [
  // watch: v may sit among other query parameters; the id ends at '&', '#' or the end.
  new RegExp(`^${HOST}youtube\\.com/watch\\?(?:[^#]*&)?v=${ID}(?:[&#].*)?$`, 'i'),
  new RegExp(`^${HOST}youtube\\.com/(?:embed|v)/${ID}(?:[?#].*)?$`, 'i'),
  new RegExp(`^${HOST}youtu\\.be/${ID}(?:[?#].*)?$`, 'i'),
];

/**
 * The 11-character video id of a YouTube watch, embed, v or youtu.be link, or `null` when the text is not
 * one. An http(s) scheme is required, because the value is later used as a link and a scheme-less one
 * would resolve relative to our own site; surrounding whitespace is ignored.
 */
export const youtubeVideoId = (url: string): string | null => {
  const text = url.trim();
  for (const pattern of YOUTUBE_PATTERNS) {
    const id = pattern.exec(text)?.[1];
    if (id !== undefined) return id;
  }
  return null;
};

/** The YouTube URL rule of SPEC §5: empty (or blank) is allowed, anything else must be a video link. */
export const isYoutubeUrl = (s: string): boolean => s.trim() === '' || youtubeVideoId(s) !== null;
