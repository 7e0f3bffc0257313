import { describe, expect, it } from 'vitest';
import { publicOriginProblem } from './kick-setup.ts';

describe('publicOriginProblem', () => {
  it('is null for a public https origin', () => {
    expect(publicOriginProblem('https://rewards.example.com', 'Kick')).toBeNull();
  });
  it('names http and this machine plainly, with what to do', () => {
    expect(publicOriginProblem('http://rewards.example.com', 'Kick')).toMatch(
      /is not https: Kick cannot deliver events there.*public HTTPS address, or a tunnel/,
    );
    for (const origin of ['https://localhost:3000', 'http://127.0.0.1:3000', 'https://app.localhost']) {
      expect(publicOriginProblem(origin, 'Kick'), origin).toMatch(/points at this machine: Kick cannot deliver events there/);
    }
  });
});
