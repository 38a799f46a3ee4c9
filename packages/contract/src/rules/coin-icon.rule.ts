const DISABLED_SUFFIX = /_disabled$/;

/**
 * The icon file name of a coin (SPEC §9): its name lower-cased, without the '_disabled' suffix that marks
 * a switched-off coin, so 'Bitcoin_disabled' → 'bitcoin' and both states share one icon.
 */
export const coinIconName = (name: string): string => name.trim().toLowerCase().replace(DISABLED_SUFFIX, '');

/**
 * The icon URL of a coin: `${base}/${coinIconName(name)}.png`. A trailing slash on the base is dropped and
 * the name is URI-encoded, since coin names may contain spaces.
 */
export const coinIconUrl = (base: string, name: string): string =>
  `${base.replace(/\/+$/, '')}/${encodeURIComponent(coinIconName(name))}.png`;
