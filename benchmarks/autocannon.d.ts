/** The part of autocannon's programmatic API the runner uses (the package ships no types). */
declare module 'autocannon' {
  interface RequestParams {
    method?: string
    path?: string
    body?: string
    headers?: Record<string, string>
  }

  interface Request extends RequestParams {
    setupRequest?: (request: RequestParams, context: Record<string, unknown>) => RequestParams
  }

  interface Options {
    url: string
    connections?: number
    duration?: number
    /** Stop after this many requests instead of after `duration`. */
    amount?: number
    method?: string
    body?: string
    headers?: Record<string, string>
    requests?: Request[]
    timeout?: number
  }

  interface Histogram {
    average: number
    mean: number
    p50: number
    p90: number
    p99: number
    max: number
    total: number
  }

  interface Result {
    duration: number
    errors: number
    timeouts: number
    non2xx: number
    latency: Histogram
    requests: Histogram
    statusCodeStats: Record<string, { count: number }>
  }

  function autocannon (options: Options): Promise<Result>
  export default autocannon
}
