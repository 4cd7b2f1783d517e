/**
 * Webster / Sainte-Laguë apportionment exactly as Karmada
 * (`pkg/util/helper/webstermethod.go`, the same in every supported
 * release): seats go one at a time to the party
 * with the highest `votes / (2*seats + 1)` (IEEE double division, like Go);
 * ties go to fewer seats, then by name in the tie-break order.
 *
 * The seat-by-seat process equals "take the S best seats in the order
 * (priority desc, seat index asc, name)", so for large S we first hand out a
 * provably safe lower bound per party and only run the heap for the rest.
 */
import type { NameOrder } from './tieBreak';

/** @public */
export interface WebsterParty {
  name: string;
  votes: number;
  seats: number;
}

/**
 * Allocates `seatsToAdd` seats among parties (the helper-level primitive).
 * Parties are the union of `votes` and `initialSeats` names; the result lists
 * every party, sorted by name ascending.
 *
 * `tieBreak` undefined behaves like Karmada's nil tie-breaker (fewer seats,
 * then name ascending).
 *
 * @public
 */
export function allocateWebsterSeats(
  seatsToAdd: number,
  votes: Record<string, number>,
  initialSeats: Record<string, number> = {},
  tieBreak: NameOrder = 'ascending',
): WebsterParty[] {
  const names = Array.from(
    new Set([...Object.keys(initialSeats), ...Object.keys(votes)]),
  );
  if (names.length === 0) return [];
  const partyVotes = names.map(name => votes[name] ?? 0);
  const seats = names.map(name => initialSeats[name] ?? 0);
  const allocated = apportion(seatsToAdd, names, partyVotes, seats, tieBreak);
  return names
    .map((name, index) => ({
      name,
      votes: partyVotes[index],
      seats: allocated[index],
    }))
    .sort((left, right) => compareNames(left.name, right.name));
}

function compareNames(left: string, right: string): number {
  if (left < right) return -1;
  return left > right ? 1 : 0;
}

/**
 * Core allocation over parallel arrays. Returns the final seats per party
 * (aligned with `names`). `initialSeats` is not modified.
 */
export function apportion(
  seatsToAdd: number,
  names: readonly string[],
  votes: ArrayLike<number>,
  initialSeats: ArrayLike<number> | undefined,
  tieBreak: NameOrder,
): number[] {
  const count = names.length;
  const seats: number[] = new Array(count);
  let hasInitial = false;
  for (let index = 0; index < count; index++) {
    const initial = initialSeats ? initialSeats[index] : 0;
    seats[index] = initial;
    if (initial !== 0) hasInitial = true;
  }
  if (seatsToAdd <= 0 || count === 0) return seats;

  let remaining = seatsToAdd;
  if (!hasInitial) {
    remaining -= assignSafeLowerBound(seatsToAdd, votes, seats);
    if (remaining === seatsToAdd && seatsToAdd < count) {
      // Few seats, many parties: only parties with votes >= the S-th largest
      // can win (S first seats already have at least that priority).
      const contenders = partiesThatCanWin(seatsToAdd, votes);
      if (contenders.length < count) {
        const won = runHeap(
          seatsToAdd,
          contenders.map(index => names[index]),
          contenders.map(index => votes[index]),
          new Array(contenders.length).fill(0),
          tieBreak === 'descending',
        );
        contenders.forEach((index, position) => {
          seats[index] = won[position];
        });
        return seats;
      }
    }
  }
  if (remaining > 0) {
    runHeap(remaining, names, votes, seats, tieBreak === 'descending');
  }
  return seats;
}

/** k-th largest value (1-based) by quickselect on a copy. */
function kthLargest(values: ArrayLike<number>, k: number): number {
  const work = Float64Array.from(values as ArrayLike<number>);
  let low = 0;
  let high = work.length - 1;
  const target = k - 1; // index in descending order
  while (low < high) {
    const pivot = work[(low + high) >> 1];
    let left = low;
    let right = high;
    while (left <= right) {
      while (work[left] > pivot) left++;
      while (work[right] < pivot) right--;
      if (left <= right) {
        const swap = work[left];
        work[left] = work[right];
        work[right] = swap;
        left++;
        right--;
      }
    }
    if (target <= right) high = right;
    else if (target >= left) low = left;
    else break;
  }
  return work[target];
}

/** Positions of parties whose votes reach the S-th largest (ties included). */
function partiesThatCanWin(seats: number, votes: ArrayLike<number>): number[] {
  const threshold = kthLargest(votes, seats);
  const contenders: number[] = [];
  for (let index = 0; index < votes.length; index++) {
    if (votes[index] >= threshold) contenders.push(index);
  }
  return contenders;
}

/**
 * For S much larger than the number of parties, gives each party a number of
 * seats it certainly has in the final result (fewer than S seats in total
 * have a priority above the threshold x, even allowing for rounding), and
 * returns how many seats were handed out.
 */
function assignSafeLowerBound(
  totalSeats: number,
  votes: ArrayLike<number>,
  seats: number[],
): number {
  let positiveParties = 0;
  let totalVotes = 0;
  for (let index = 0; index < votes.length; index++) {
    if (votes[index] > 0) {
      positiveParties++;
      totalVotes += votes[index];
    }
  }
  if (
    positiveParties === 0 ||
    totalSeats <= 2 * positiveParties + 16 ||
    totalVotes > Number.MAX_SAFE_INTEGER
  ) {
    return 0;
  }
  // Seats with priority > x number at most V/(2x) + P/2 < S.
  const threshold =
    (totalVotes / (2 * (totalSeats - positiveParties / 2))) * (1 + 1e-9);
  let given = 0;
  for (let index = 0; index < votes.length; index++) {
    const partyVotes = votes[index];
    if (partyVotes <= 0) continue;
    const bound = Math.floor((partyVotes / threshold + 1) / 2) - 1;
    if (bound > 0) {
      seats[index] = bound;
      given += bound;
    }
  }
  if (given > totalSeats) {
    // Cannot happen mathematically; stay exact if it ever did.
    for (let index = 0; index < seats.length; index++) seats[index] = 0;
    return 0;
  }
  return given;
}

/**
 * Binary max-heap of party indices under Karmada's Webster order; adds
 * `seatsToAdd` seats to `seats` (in place) and returns it.
 */
function runHeap(
  seatsToAdd: number,
  names: readonly string[],
  votes: ArrayLike<number>,
  seats: number[],
  namesDescending: boolean,
): number[] {
  const count = names.length;
  const priority = new Float64Array(count);
  for (let index = 0; index < count; index++) {
    priority[index] = votes[index] / (2 * seats[index] + 1);
  }
  // True when party a should receive the next seat before party b.
  const before = (a: number, b: number): boolean => {
    const pa = priority[a];
    const pb = priority[b];
    if (pa !== pb) return pa > pb;
    if (seats[a] !== seats[b]) return seats[a] < seats[b];
    return namesDescending ? names[a] > names[b] : names[a] < names[b];
  };
  const heap = new Int32Array(count);
  for (let index = 0; index < count; index++) heap[index] = index;
  const siftDown = (start: number) => {
    let position = start;
    const item = heap[position];
    for (;;) {
      let child = 2 * position + 1;
      if (child >= count) break;
      if (child + 1 < count && before(heap[child + 1], heap[child])) child++;
      if (!before(heap[child], item)) break;
      heap[position] = heap[child];
      position = child;
    }
    heap[position] = item;
  };
  for (let index = (count >> 1) - 1; index >= 0; index--) siftDown(index);
  for (let remaining = seatsToAdd; remaining > 0; remaining--) {
    const top = heap[0];
    seats[top]++;
    priority[top] = votes[top] / (2 * seats[top] + 1);
    siftDown(0);
  }
  return seats;
}

/**
 * Karmada's dispenser as used by the scheduler: nothing when the weights sum
 * to zero, otherwise Webster with no initial seats. Returns seats aligned with
 * `names` (callers drop zero entries).
 */
export function dispense(
  replicas: number,
  names: readonly string[],
  weights: ArrayLike<number>,
  tieBreak: NameOrder,
): number[] | undefined {
  let weightSum = 0;
  for (let index = 0; index < weights.length; index++) {
    weightSum += weights[index];
  }
  if (weightSum === 0) return undefined;
  return apportion(replicas, names, weights, undefined, tieBreak);
}
