// The goals' summary that `npm run bench` prints and writes to docs/performance.md: each benchmark
// script appends its goals (one JSON line each) to the file BENCH_SUMMARY_FILE names; run alone,
// without it, a script only prints its own table.
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import os from 'node:os';

/** Appends goals `{ area, goal, measured, met }` to the run's summary (nothing when run alone). */
export function recordGoals(goals) {
  const file = process.env.BENCH_SUMMARY_FILE;
  if (!file) return;
  appendFileSync(file, goals.map((g) => `${JSON.stringify({ ...g, load: os.loadavg()[0] })}\n`).join(''));
}

/** The goals recorded in `file`, in order. */
export function readGoals(file) {
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line));
}

/** This machine in one line: CPU model and count, memory, Node, kernel. */
export function machineLine() {
  const cpus = os.cpus();
  return `${cpus[0]?.model?.trim() ?? 'unknown CPU'} × ${cpus.length}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, ${os.type()} ${os.release()}`;
}

/** The load averages (1, 5, 15 min) as text. */
export function loadLine() {
  return os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' / ');
}

/** The summary as a Markdown table (goal met or not, with the 1-min load when it was recorded). */
export function summaryMarkdown(goals) {
  const lines = ['| area | goal | measured | met | load (1 min) |', '|---|---|---|---|---|'];
  for (const g of goals) lines.push(`| ${g.area} | ${g.goal} | ${g.measured} | ${g.met ? 'met' : '**not met**'} | ${g.load.toFixed(1)} |`);
  return lines.join('\n');
}
