/**
 * A multiplier as every game and the Verify tab show it: two decimals and '×' (contracts: the e2e
 * tests compare a game's result with the Verify outcome as text, so there is one formatter).
 */
export function formatMultiplier(value: number): string {
  return `${value.toFixed(2)}×`;
}
