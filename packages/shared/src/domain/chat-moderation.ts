/**
 * Chat moderation's matching: blocked words and phrases, and links outside the allowed domains.
 *
 * What a message goes through before it is compared (all of it, exactly):
 * - Kick's inline emotes (`[emote:123:name]`) are removed (replaced by a space);
 * - Unicode NFKC (full-width and styled letters become plain ones), then accents are dropped
 *   (NFD, combining marks removed: "ässhole" reads "asshole"), then lower case;
 * - leetspeak: in a blocked term each letter also matches its look-alike: a = 4 or @, e = 3,
 *   i = 1, l = 1, o = 0, s = 5 or $, t = 7 (so "1" reads as i or l);
 * - separators: between two letters of a term, up to 3 characters that are neither letters nor
 *   digits nor @ or $ (spaces, dots, dashes, underscores, stars, zero-width characters…) are
 *   skipped, so "b.a.d", "b a d" and "b--a--d" read "bad"; a space in a phrase stands for 1 to 3 of
 *   them.
 * Not folded: repeated letters ("baaad" is not "bad": folding them would make "good" read "god").
 *
 * Whole words: a match must not have a letter or digit right before or after it ("class" does not
 * contain the word "ass"; "a55" is "ass").
 *
 * Links: with a scheme (`http://`, `https://`, `ftp://`) or starting `www.`, any host; without,
 * a domain whose last label is a common top-level domain (the list below), so "example.com/x" and
 * "bit.ly" are links and "node.js" or "e.g." are not. "example dot com" is not detected.
 * A link is allowed when its host is an allowed domain or a subdomain of one.
 */

const EMOTE = /\[emote:\d+:[^\]]*\]/g;

/** The look-alikes each letter of a term also matches. */
const LEET: Record<string, string> = { a: 'a4@', e: 'e3', i: 'i1', l: 'l1', o: 'o0', s: 's5$', t: 't7' };
/** A look-alike in a term stands for its letter(s): "@ss" is "ass", "1" is i or l. */
const LEET_IN_TERM: Record<string, string> = { '4': 'a', '@': 'a', '3': 'e', '0': 'o', '5': 's', $: 's', '7': 't', '1': 'il' };

const SEP_CLASS = '[^\\p{L}\\p{N}@$]';
const BETWEEN_LETTERS = `${SEP_CLASS}{0,3}`;
const BETWEEN_WORDS = `${SEP_CLASS}{1,3}`;

/** A message as the matcher reads it: emotes removed, NFKC, no accents, lower case. */
export function normalizeChatText(text: string): string {
  return text
    .replace(EMOTE, ' ')
    .normalize('NFKC')
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();
}

// A term's characters are letters, digits, @ and $ (the rest are separators): only $ needs escaping.
const escapeRegex = (c: string) => c.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

function charClass(c: string): string {
  const letters = LEET_IN_TERM[c] ?? c;
  const chars = new Set<string>([c]);
  for (const letter of letters) for (const alike of LEET[letter] ?? letter) chars.add(alike);
  return chars.size === 1 ? escapeRegex(c) : `[${[...chars].map(escapeRegex).join('')}]`;
}

/** A blocked word or phrase as a regex source (no boundaries); null when it has no letter or digit. */
function termPattern(term: string): string | null {
  const words = normalizeChatText(term)
    .split(new RegExp(`${SEP_CLASS}+`, 'u'))
    .filter((w) => w.length > 0);
  if (words.length === 0) return null;
  return words.map((word) => [...word].map(charClass).join(BETWEEN_LETTERS)).join(BETWEEN_WORDS);
}

/** Whether a blocked term can match anything (it has a letter, a digit, @ or $). */
export function isUsableTerm(term: string): boolean {
  return termPattern(term) !== null;
}

/** Common top-level domains: a bare "name.tld" without a scheme or www. is a link only with one of these. */
const LINK_TLDS: readonly string[] = [
  'com',
  'net',
  'org',
  'io',
  'gg',
  'tv',
  'ly',
  'co',
  'me',
  'xyz',
  'info',
  'biz',
  'ru',
  'de',
  'uk',
  'us',
  'ca',
  'au',
  'fr',
  'nl',
  'es',
  'it',
  'pl',
  'br',
  'in',
  'cn',
  'jp',
  'kr',
  'be',
  'ch',
  'se',
  'no',
  'dk',
  'fi',
  'at',
  'cz',
  'pt',
  'tk',
  'ml',
  'ga',
  'cf',
  'gq',
  'pw',
  'top',
  'site',
  'online',
  'club',
  'live',
  'link',
  'click',
  'shop',
  'store',
  'app',
  'dev',
  'ai',
  'cc',
  'to',
  'ws',
  'su',
  'ua',
  'bet',
  'casino',
  'win',
  'vip',
  'fun',
  'icu',
  'buzz',
  'cam',
  'gl',
  'gd',
  'eu',
  'tr',
  'ro',
  'gr',
  'hu',
  'sk',
  'lt',
];

const SCHEME_OR_WWW = /(?:\b(?:https?|ftp):\/\/|(?<![\p{L}\p{N}.@-])(?=www\.))([^\s/?#<>"'\\]+)/giu;
const BARE_DOMAIN = /(?<![\p{L}\p{N}.@/_-])((?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+([a-z]{2,24}))(?![\p{L}\p{N}_-]|\.[\p{L}\p{N}])/gu;

function hostOf(authority: string): string {
  const afterUser = authority.slice(authority.lastIndexOf('@') + 1);
  const withoutPort = afterUser.startsWith('[') ? afterUser : afterUser.replace(/:\d*$/, '');
  return withoutPort.replace(/\.+$/, '').toLowerCase();
}

/** The hosts of the links in a message (lower case), in order. */
export function findLinkHosts(text: string): string[] {
  const t = text.normalize('NFKC').toLowerCase();
  const hosts: string[] = [];
  for (const m of t.matchAll(SCHEME_OR_WWW)) {
    const host = hostOf(m[1] ?? '');
    if (host) hosts.push(host);
  }
  // Bare domains outside the links already found.
  const rest = t.replace(SCHEME_OR_WWW, ' ');
  for (const m of rest.matchAll(BARE_DOMAIN)) {
    if (LINK_TLDS.includes(m[2]!)) hosts.push(m[1]!);
  }
  return hosts;
}

/**
 * An allowed domain as the admin typed it, reduced to its host: "https://www.YouTube.com/x" and
 * "*.youtube.com" are "youtube.com". Empty when nothing is left.
 */
export function normalizeDomain(input: string): string {
  let d = input.trim().toLowerCase();
  d = d.replace(/^[a-z][a-z0-9+.-]*:\/\//, '');
  d = d.replace(/[/?#].*$/, '');
  d = d.slice(d.lastIndexOf('@') + 1).replace(/:\d*$/, '');
  d = d
    .replace(/^\*\./, '')
    .replace(/^www\./, '')
    .replace(/\.+$/, '');
  return d;
}

/** Whether `host` is `domain` or a subdomain of it. */
export function isHostAllowed(host: string, allowedDomains: readonly string[]): boolean {
  const h = host.replace(/\.+$/, '').toLowerCase();
  return allowedDomains.some((d) => h === d || h.endsWith(`.${d}`));
}

type ChatModerationRules = {
  blockedTerms: readonly string[];
  blockLinks: boolean;
  allowedDomains: readonly string[];
};

export type ChatViolation = { kind: 'term'; term: string } | { kind: 'link'; host: string };

export type ChatMatcher = {
  /** The first thing in `text` the rules block, or null. */
  check: (text: string) => ChatViolation | null;
};

/** Compiles the rules once (a regex per term and one for all); `check` runs per message. */
export function compileChatMatcher(rules: ChatModerationRules): ChatMatcher {
  // Whole words: no letter or digit right before or after (the engine backtracks into the other
  // terms when one fails there, so "asshole" is found even when "ass" is also blocked).
  const whole = (pattern: string) => new RegExp(`(?<![\\p{L}\\p{N}])(?:${pattern})(?![\\p{L}\\p{N}])`, 'u');
  const terms = rules.blockedTerms
    .map((term) => ({ term, pattern: termPattern(term) }))
    .filter((t): t is { term: string; pattern: string } => t.pattern !== null)
    .map((t) => ({ term: t.term, pattern: t.pattern, regex: whole(t.pattern) }));
  const any = terms.length > 0 ? whole(terms.map((t) => `(?:${t.pattern})`).join('|')) : null;
  const allowed = rules.allowedDomains.map(normalizeDomain).filter(Boolean);

  return {
    check(text) {
      if (any) {
        const normalized = normalizeChatText(text);
        if (any.test(normalized)) {
          const hit = terms.find((t) => t.regex.test(normalized));
          if (hit) return { kind: 'term', term: hit.term };
        }
      }
      if (rules.blockLinks) {
        const host = findLinkHosts(text).find((h) => !isHostAllowed(h, allowed));
        if (host) return { kind: 'link', host };
      }
      return null;
    },
  };
}
