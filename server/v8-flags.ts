/**
 * Turns off V8's allocation-site pretenuring for the server process (issue 35), before anything else
 * is loaded. Under the 5 s poll's load (5,000 teachers, 20 connections) V8 judged some of the poll's
 * per-request allocation sites long-lived: their objects went straight to the old generation, where
 * they held each request's whole graph (request, reply, socket writes) through every scavenge. A
 * scavenge then promoted 3 MB and paused 5–6 ms every 40 ms, instead of 0.3 MB and 1 ms; p99 rose
 * from 3 to 8 ms and the process spent 10 µs of every poll in the collector's threads. This server's
 * lasting data (the poll cache, verified tokens) is filled once and then read, which pretenuring does
 * not speed up. The flag is read by the collector when it weighs a site, so setting it at start,
 * before the first request, is enough. docs/performance.md has the measurements.
 */
import { setFlagsFromString } from 'node:v8';

setFlagsFromString('--no-allocation-site-pretenuring');
