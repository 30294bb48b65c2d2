//go:build race

package pdftext

// raceEnabled: the race detector maps its shadow memory past any limit a
// child process could be given.
const raceEnabled = true
