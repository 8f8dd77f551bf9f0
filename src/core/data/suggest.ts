/**
 * Edit distance, case-insensitive: how many single-letter changes turn one word into the other.
 * With `atMost`, gives up once the distance is sure to exceed it and answers `atMost + 1`: no row
 * of the table ever has a smaller value than the one before it, so the answer can only grow.
 */
export function editDistance(a: string, b: string, atMost = Number.POSITIVE_INFINITY): number {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  if (Math.abs(x.length - y.length) > atMost) return atMost + 1;
  let previous = Array.from({ length: y.length + 1 }, (_, j) => j);
  for (let i = 1; i <= x.length; i++) {
    const current = [i];
    let rowMinimum = i;
    for (let j = 1; j <= y.length; j++) {
      const cost = x[i - 1] === y[j - 1] ? 0 : 1;
      current[j] = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
      rowMinimum = Math.min(rowMinimum, current[j] ?? 0);
    }
    if (rowMinimum > atMost) return atMost + 1;
    previous = current;
  }
  return previous[y.length] ?? 0;
}

/**
 * The known words closest to a mistyped one, best first; none when nothing is close. Words that
 * only start with it count at any distance; the others are measured no further than the
 * threshold, which at catalog scale (thousands of image names) is what keeps validation quick.
 */
export function closestMatches(word: string, known: readonly string[], limit = 3, maxDistance?: number): string[] {
  const threshold = maxDistance ?? Math.max(2, Math.floor(word.length / 3));
  const prefix = word.toLowerCase();
  const letterDifference = letterDifferenceFrom(word);
  const found: { candidate: string; distance: number }[] = [];
  // The `limit` smallest distances so far: a candidate further than the last of them cannot be an
  // answer, so it is measured no further than that (an unused photo's name against thousands).
  const best: number[] = [];
  let bound = threshold;
  for (const candidate of known) {
    const beginsWithIt = candidate.toLowerCase().startsWith(prefix);
    if (!beginsWithIt && letterDifference(candidate) > bound) continue;
    const distance = editDistance(word, candidate, beginsWithIt ? undefined : bound);
    if (!beginsWithIt && distance > bound) continue;
    found.push({ candidate, distance });
    const at = best.findIndex((d) => d > distance);
    best.splice(at === -1 ? best.length : at, 0, distance);
    if (best.length > limit) best.pop();
    if (best.length === limit) bound = Math.min(threshold, best[limit - 1]!);
  }
  return found
    .sort((a, b) => a.distance - b.distance || a.candidate.localeCompare(b.candidate))
    .slice(0, limit)
    .map(({ candidate }) => candidate);
}

/**
 * How many letters one word has that the other lacks, counted both ways, the larger of the two:
 * a lower bound of the edit distance (each change adds or removes at most one letter each way),
 * found in one pass instead of a table, so most of thousands of far-off names are passed over.
 * Made for one word and many candidates: the word's letters are counted once.
 */
function letterDifferenceFrom(word: string): (candidate: string) => number {
  const letters = word.toLowerCase();
  const counts = new Int32Array(65_536);
  for (let i = 0; i < letters.length; i++) counts[letters.charCodeAt(i)]! += 1;
  return (candidate) => {
    const other = candidate.toLowerCase();
    for (let i = 0; i < other.length; i++) counts[other.charCodeAt(i)]! -= 1;
    let onlyInWord = 0;
    let onlyInCandidate = 0;
    // Each letter of either word once: read its balance, then undo the candidate's part.
    for (let i = 0; i < letters.length; i++) {
      const code = letters.charCodeAt(i);
      const balance = counts[code]!;
      if (balance > 0) onlyInWord += balance;
      else onlyInCandidate -= balance;
      counts[code] = 0;
    }
    for (let i = 0; i < other.length; i++) {
      const code = other.charCodeAt(i);
      const balance = counts[code]!;
      if (balance < 0) onlyInCandidate -= balance;
      counts[code] = 0;
    }
    for (let i = 0; i < letters.length; i++) counts[letters.charCodeAt(i)]! += 1;
    return Math.max(onlyInWord, onlyInCandidate);
  };
}

/** ` (did you mean "colors"?)` or '' */
export function didYouMean(word: string, known: readonly string[], maxDistance?: number): string {
  const matches = closestMatches(word, known, 3, maxDistance);
  if (matches.length === 0) return '';
  return ` (did you mean ${matches.map((m) => JSON.stringify(m)).join(' or ')}?)`;
}
