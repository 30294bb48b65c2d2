//go:build unix

package pdftext

import (
	"os"

	"golang.org/x/sys/unix"
)

// mapFile maps the first size bytes of f read-only, or reports false when
// it cannot: not a regular file, shorter than size, or a failed mmap.
func mapFile(f *os.File, size int64) (mapped, bool) {
	info, err := f.Stat()
	if err != nil || !info.Mode().IsRegular() || size <= 0 || size > info.Size() || int64(int(size)) != size {
		return mapped{}, false
	}
	data, err := unix.Mmap(int(f.Fd()), 0, int(size), unix.PROT_READ, unix.MAP_SHARED)
	if err != nil {
		return mapped{}, false
	}
	return mapped{
		data: data,
		// Neither fails on the mapping just made: nothing to tell.
		release: func() { _ = unix.Madvise(data, unix.MADV_DONTNEED) },
		unmap:   func() { _ = unix.Munmap(data) },
	}, true
}
