// Package report draws benchmark pictures: it turns per-puzzle solver
// measurements into one SVG document that compares backends at a glance.
//
// The input is plain data ([Sample] values), so the package depends on
// nothing else in the module; gonum.org/v1/plot does the drawing. [Plot]
// writes SVG and [PlotPNG] the same picture as PNG: two panels side by side
// (5.5in x 4.2in each) under a common title and a summary line:
//
//   - left, "time vs search nodes": one point per puzzle, time (y, log) against
//     search nodes (x, log), one colour and marker per backend. Only backends
//     that report a node count (at least one sample with Nodes > 0) appear;
//     the others (sat) are named in the panel title instead. If no backend
//     reports nodes, the panel is dropped and the picture has the right
//     panel only.
//   - right, a cactus plot: for each backend its solved puzzles sorted by
//     time, so the curve's point (k, t) says "k puzzles solved within t each".
//     A curve further right or lower is better. The x axis runs to the
//     largest number of puzzles any backend was given, so a backend that gave
//     up on some puzzles ends short.
//
// Gave-up samples (Solved false) are drawn as crosses in the backend's colour
// at their measured time and node count in the left panel (they usually
// cluster at the time or node limit), are left out of the cactus curves, and
// are counted in the subtitle and in the cactus legend ("dlx 297/300").
//
// Both time axes share one range, whole decades wide, with ticks labelled as
// durations (1µs, 10µs, ... 1s). Zero values are clamped so that the log
// scales stay defined: a time under 1µs is drawn at 1µs, a node count of 0
// at 1. The output depends only on the input: backends are ordered by name,
// samples keep their input order, and nothing time-dependent is written.
//
// The sudokit command does not import this package, so that its build
// leaves gonum plot out: cmd/sudokit-plot draws the pictures of
// "sudokit bench --plot" from bench's JSON records.
//
// Naming: s is a Sample, b a backend's series, us a time in microseconds.
package report
