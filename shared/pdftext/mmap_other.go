//go:build !unix

package pdftext

import "os"

// mapFile does not map on this system: the file is read into memory.
func mapFile(*os.File, int64) (mapped, bool) { return mapped{}, false }
