/** Edit distance, case-insensitive: how many single-letter changes turn one word into the other. */
export function editDistance(a: string, b: string): number {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  let previous = Array.from({ length: y.length + 1 }, (_, j) => j);
  for (let i = 1; i <= x.length; i++) {
    const current = [i];
    for (let j = 1; j <= y.length; j++) {
      const cost = x[i - 1] === y[j - 1] ? 0 : 1;
      current[j] = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
    }
    previous = current;
  }
  return previous[y.length] ?? 0;
}

/** The known words closest to a mistyped one, best first; none when nothing is close. */
export function closestMatches(word: string, known: readonly string[], limit = 3, maxDistance?: number): string[] {
  const threshold = maxDistance ?? Math.max(2, Math.floor(word.length / 3));
  return known
    .map((candidate) => ({ candidate, distance: editDistance(word, candidate) }))
    .filter(({ candidate, distance }) => distance <= threshold || candidate.toLowerCase().startsWith(word.toLowerCase()))
    .sort((a, b) => a.distance - b.distance || a.candidate.localeCompare(b.candidate))
    .slice(0, limit)
    .map(({ candidate }) => candidate);
}

/** ` (did you mean "colors"?)` or '' */
export function didYouMean(word: string, known: readonly string[], maxDistance?: number): string {
  const matches = closestMatches(word, known, 3, maxDistance);
  if (matches.length === 0) return '';
  return ` (did you mean ${matches.map((m) => JSON.stringify(m)).join(' or ')}?)`;
}
