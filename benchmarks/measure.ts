/** One timed round of load against one server, through autocannon's programmatic API. */
import autocannon from 'autocannon'
import type { WriteRequest } from './scenarios.js'

export interface RoundResult {
  requests: number
  seconds: number
  requestsPerSecond: number
  p50: number
  p99: number
  errors: number
  non2xx: number
}

export interface Load {
  origin: string
  connections: number
  seconds: number
  /** A fixed GET, or a method with a new path and body for every request. */
  request: { method: 'GET', path: string } | { method: 'POST' | 'PUT' | 'DELETE', next: () => WriteRequest }
  /** Sent with every request (the admin benchmark's `authorization`). */
  headers?: Record<string, string>
}

export async function measureRound (load: Load): Promise<RoundResult> {
  const { request } = load
  const result = await autocannon({
    url: request.method === 'GET' ? `${load.origin}${request.path}` : load.origin,
    connections: load.connections,
    duration: load.seconds,
    timeout: 30,
    ...(load.headers === undefined ? {} : { headers: load.headers }),
    ...(request.method === 'GET'
      ? {}
      : {
          requests: [{
            method: request.method,
            headers: request.method === 'DELETE' ? {} : { 'content-type': 'application/json' },
            setupRequest: (params) => ({ ...params, ...request.next() })
          }]
        })
  })
  return {
    requests: result.requests.total,
    seconds: result.duration,
    requestsPerSecond: result.requests.total / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx
  }
}

export interface Summary {
  requestsPerSecond: number
  p50: number
  p99: number
  errors: number
  non2xx: number
  rounds: RoundResult[]
}

/** Throughput over all rounds together; latencies as the mean of the rounds. */
export function summarise (rounds: RoundResult[]): Summary {
  const sum = (pick: (round: RoundResult) => number): number => rounds.reduce((total, round) => total + pick(round), 0)
  const count = Math.max(1, rounds.length)
  return {
    requestsPerSecond: sum(round => round.requests) / Math.max(sum(round => round.seconds), 1e-9),
    p50: sum(round => round.p50) / count,
    p99: sum(round => round.p99) / count,
    errors: sum(round => round.errors),
    non2xx: sum(round => round.non2xx),
    rounds
  }
}
