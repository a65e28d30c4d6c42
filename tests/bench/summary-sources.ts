import type { YearDeviceSummary } from './client/year-device.ts';

/** The shapes of the JSON the benchmarks write, as far as the summary (tests/bench/summary.ts) reads them. */

export interface Timing {
  ms: number;
}
export interface ClientResult {
  date: string;
  loadAverage: { start: number; end: number };
  coldStart: { medianFcpMs: number; medianShellMs: number; medianListMs: number; runs: number };
  drain: {
    edits: number;
    loopback: { outboxMs: { median: number }; oneByOneMs: { median: number }; ratio: number; rounds: number };
    slowLink: {
      roundTripMs: number;
      outboxMs: { median: number };
      oneByOneMs: { median: number };
      ratio: number;
      rounds: number;
    };
  };
  productsList: {
    runs: number;
    devices: { label: string; products: number; navigation: Timing[]; keystroke: Timing[] }[];
  };
  initialMirror: {
    rows: number;
    runs: number;
    medianPullMs: number;
    medianFloorMs: number;
    ratio: number;
    longestTaskMs: number;
    link?: { mbit: number; roundTripMs: number };
    medianSlowLinkMs?: number;
    slowLinkRatio?: number;
    medianWireBytesPerRow?: number;
  };
  firstScreen?: {
    products: number;
    lots: number;
    runs: number;
    loopback: { medianFirstRowMs: number; medianKeystrokeMs: number };
    slow: { medianFirstRowMs: number; medianKeystrokeMs: number };
    medianIdleSearchMs: number;
  };
  yearDevice?: YearDeviceSummary;
}
export interface WireResult {
  date: string;
  rows: number;
  ways: { way: string; 'bytes a row': number }[];
  appBytesPerRow: number;
}
export interface ProductsPgResult {
  date: string;
  loadAverage?: number[];
  rounds: number;
  routes: { name: string; medianReqPerSec: number; medianP99Ms: number }[];
}
export interface PullPgResult {
  date: string;
  rounds: number;
  helloMedianReqPerSec: number;
  pullMedianRowsPerSec: number;
}

export interface Rate {
  reqPerSec: number;
  p99Ms: number;
}
export interface YearPgResult {
  date: string;
  scale: number;
  seeded: { users: number; products: number; lots: number; movements: number };
  connections: number;
  medians: {
    healthReqPerSec: number;
    productsPage: Rate;
    productsPageToHealth: number;
    pageCacheHitRate: number;
    writeOffOneClient: Rate;
    pullRowsPerSec: number;
    pullRows: number;
  };
}
