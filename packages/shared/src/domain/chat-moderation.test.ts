import { describe, expect, it } from 'vitest';
import { compileChatMatcher, findLinkHosts, isHostAllowed, isUsableTerm, normalizeChatText, normalizeDomain } from './chat-moderation';

const words = (...blockedTerms: string[]) => compileChatMatcher({ blockedTerms, blockLinks: false, allowedDomains: [] });
const links = (...allowedDomains: string[]) => compileChatMatcher({ blockedTerms: [], blockLinks: true, allowedDomains });

describe('blocked words', () => {
  it('matches whole words, case-insensitively', () => {
    const m = words('ass');
    expect(m.check('you ASS')).toEqual({ kind: 'term', term: 'ass' });
    expect(m.check('Ass!')).not.toBeNull();
    expect(m.check('(ass)')).not.toBeNull();
    expect(m.check('first class')).toBeNull();
    expect(m.check('assessment')).toBeNull();
    expect(m.check('bass guitar')).toBeNull();
    expect(m.check('asses')).toBeNull();
    expect(m.check('classy ass')).not.toBeNull();
  });

  it('folds leetspeak: 0 o, 1 i or l, 3 e, 4 a, 5 s, 7 t, @ a, $ s', () => {
    expect(words('ass').check('a55')).not.toBeNull();
    expect(words('ass').check('@$$')).not.toBeNull();
    expect(words('ass').check('4ss')).not.toBeNull();
    expect(words('hello').check('h3110')).not.toBeNull();
    expect(words('idiot').check('1d10t')).not.toBeNull();
    expect(words('toast').check('70457')).not.toBeNull();
    // The same folding in the term: "h3ll" blocks "hell" and "h3ll".
    expect(words('h3ll').check('hell')).not.toBeNull();
    // Only those: 8 is not b, 9 is not g, | is not l.
    expect(words('bad').check('8ad')).toBeNull();
    expect(words('gone').check('9one')).toBeNull();
    expect(words('hell').check('he||')).toBeNull();
    // A leet digit next to a word is part of it: "a55hole" is not the word "ass".
    expect(words('ass').check('a55hole')).toBeNull();
  });

  it('skips up to 3 separators between letters, not repeated letters', () => {
    const m = words('bad');
    expect(m.check('so b.a.d')).not.toBeNull();
    expect(m.check('b a d')).not.toBeNull();
    expect(m.check('b--a--d')).not.toBeNull();
    expect(m.check('b_._a_._d')).not.toBeNull();
    expect(m.check('b\u200Ba\u200Bd')).not.toBeNull();
    expect(m.check('b    a    d')).toBeNull();
    expect(m.check('baaad')).toBeNull();
    expect(words('god').check('good')).toBeNull();
  });

  it('phrases: their words in order, with separators between them', () => {
    const m = words('kill yourself');
    expect(m.check('just KILL   yourself')).toEqual({ kind: 'term', term: 'kill yourself' });
    expect(m.check('k1ll y0urself')).not.toBeNull();
    expect(m.check('kill-yourself')).not.toBeNull();
    expect(m.check('killyourself')).toBeNull();
    expect(m.check('kill yourselfie')).toBeNull();
    expect(m.check('kill it yourself')).toBeNull();
  });

  it('drops accents, full-width letters and emotes; finds the longer term too', () => {
    expect(words('asshole').check('ässhole')).not.toBeNull();
    expect(words('ass').check('ａｓｓ')).not.toBeNull();
    expect(words('ass').check('[emote:37:ass] hi')).toBeNull();
    expect(words('ass', 'asshole').check('an asshole')).toEqual({ kind: 'term', term: 'asshole' });
    expect(normalizeChatText('ÀB [emote:1:x] C')).toBe('ab   c');
  });

  it('terms without a letter or digit are unusable and match nothing', () => {
    expect(isUsableTerm('...')).toBe(false);
    expect(isUsableTerm(' ')).toBe(false);
    expect(isUsableTerm('@')).toBe(true);
    expect(words('...', '  ').check('... anything ...')).toBeNull();
    // Regex characters in a term are plain text.
    expect(words('a.b').check('a b')).not.toBeNull();
    expect(words('(x)').check('x')).not.toBeNull();
  });
});

describe('links', () => {
  it('finds links with and without a scheme', () => {
    expect(findLinkHosts('see https://Example.com/path?q=1 now')).toEqual(['example.com']);
    expect(findLinkHosts('http://user:pw@evil.ru:8080/x')).toEqual(['evil.ru']);
    expect(findLinkHosts('go to www.spam.site')).toEqual(['www.spam.site']);
    expect(findLinkHosts('free coins at bit.ly/abc and casino.win.')).toEqual(['bit.ly', 'casino.win']);
    expect(findLinkHosts('sub.domain.example.co.uk/page')).toEqual(['sub.domain.example.co.uk']);
    expect(findLinkHosts('ftp://files.example.org')).toEqual(['files.example.org']);
  });

  it('ignores what is not a link', () => {
    expect(findLinkHosts('i use node.js, e.g. on v2.0 at 1.5x')).toEqual([]);
    expect(findLinkHosts('mail me@example.com')).toEqual([]);
    expect(findLinkHosts('end of sentence.Next one')).toEqual([]);
    expect(findLinkHosts('hello world')).toEqual([]);
  });

  it('allows the allowed domains and their subdomains only', () => {
    const m = links('kick.com', 'youtube.com');
    expect(m.check('https://kick.com/streamer')).toBeNull();
    expect(m.check('clips at clips.kick.com/x')).toBeNull();
    expect(m.check('www.youtube.com/watch?v=1')).toBeNull();
    expect(m.check('https://m.youtube.com')).toBeNull();
    expect(m.check('notkick.com')).toEqual({ kind: 'link', host: 'notkick.com' });
    expect(m.check('kick.com.evil.ru')).toEqual({ kind: 'link', host: 'kick.com.evil.ru' });
    expect(m.check('https://kick.com@evil.ru/')).toEqual({ kind: 'link', host: 'evil.ru' });
    expect(m.check('kick.com and spam.xyz')).toEqual({ kind: 'link', host: 'spam.xyz' });
    expect(isHostAllowed('A.Kick.com.', ['kick.com'])).toBe(true);
  });

  it('links are not checked with blockLinks off', () => {
    expect(compileChatMatcher({ blockedTerms: [], blockLinks: false, allowedDomains: [] }).check('https://evil.ru')).toBeNull();
  });

  it('normalizes allowed domains as typed', () => {
    expect(normalizeDomain(' https://www.YouTube.com/watch?v=1 ')).toBe('youtube.com');
    expect(normalizeDomain('*.kick.com')).toBe('kick.com');
    expect(normalizeDomain('kick.com:443')).toBe('kick.com');
    expect(normalizeDomain('https://')).toBe('');
  });
});
