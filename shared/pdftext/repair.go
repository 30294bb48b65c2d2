package pdftext

import (
	"bytes"
	"fmt"
	"regexp"
	"strconv"
)

var (
	objHeader  = regexp.MustCompile(`(?m)(?:^|[\r\n ])(\d{1,10})[ \t\r\n]+(\d{1,5})[ \t\r\n]+obj\b`)
	rootRef    = regexp.MustCompile(`/Root[ \t\r\n]*(\d+)[ \t\r\n]+(\d+)[ \t\r\n]+R`)
	encryptRef = regexp.MustCompile(`/Encrypt[ \t\r\n]*(\d+)[ \t\r\n]+(\d+)[ \t\r\n]+R`)
	idArray    = regexp.MustCompile(`/ID[ \t\r\n]*\[[^\]]{0,400}\]`)
	catalog    = regexp.MustCompile(`/Type[ \t\r\n]*/Catalog\b`)
)

// rebuildXref returns data followed by a fresh xref table and trailer built
// by scanning for "N G obj" headers, as poppler does for a broken xref. The
// catalog comes from the last trailer's /Root, else from the last object
// typed /Catalog. Objects inside object streams cannot be found this way.
func rebuildXref(data []byte) ([]byte, bool) {
	type entry struct {
		gen    int
		offset int
	}
	objs := map[int]entry{}
	maxID := 0
	var lastCatalog []byte
	for _, m := range objHeader.FindAllSubmatchIndex(data, -1) {
		id, err1 := strconv.Atoi(string(data[m[2]:m[3]]))
		gen, err2 := strconv.Atoi(string(data[m[4]:m[5]]))
		if err1 != nil || err2 != nil || id <= 0 || id > 10_000_000 {
			continue
		}
		objs[id] = entry{gen, m[2]} // a later definition overrides, as in an update
		maxID = max(maxID, id)
		end := min(len(data), m[1]+4096)
		if body := data[m[1]:end]; catalog.Match(body[:endOfObject(body)]) {
			lastCatalog = []byte(fmt.Sprintf("%d %d R", id, gen))
		}
	}
	if len(objs) == 0 {
		return nil, false
	}
	root := lastMatch(rootRef, data)
	if root == nil {
		root = lastCatalog
	}
	if root == nil {
		return nil, false
	}
	var b bytes.Buffer
	b.Grow(len(data) + 20*(maxID+1) + 256)
	b.Write(data)
	b.WriteString("\n")
	xrefAt := b.Len()
	fmt.Fprintf(&b, "xref\n0 %d\n0000000000 65535 f\r\n", maxID+1)
	for id := 1; id <= maxID; id++ {
		if e, ok := objs[id]; ok {
			fmt.Fprintf(&b, "%010d %05d n\r\n", e.offset, e.gen)
		} else {
			b.WriteString("0000000000 65535 f\r\n")
		}
	}
	fmt.Fprintf(&b, "trailer\n<< /Size %d /Root %s", maxID+1, root)
	if enc := lastMatch(encryptRef, data); enc != nil {
		fmt.Fprintf(&b, " /Encrypt %s", enc)
	}
	if id := idArray.FindAll(data, -1); len(id) > 0 {
		b.Write([]byte(" "))
		b.Write(id[len(id)-1])
	}
	fmt.Fprintf(&b, " >>\nstartxref\n%d\n%%%%EOF\n", xrefAt)
	return b.Bytes(), true
}

// lastMatch returns "N G R" for the last reference matched by re in data.
func lastMatch(re *regexp.Regexp, data []byte) []byte {
	all := re.FindAllSubmatch(data, -1)
	if len(all) == 0 {
		return nil
	}
	m := all[len(all)-1]
	return []byte(fmt.Sprintf("%s %s R", m[1], m[2]))
}

// endOfObject is the length of body up to its "endobj" (all of it if none).
func endOfObject(body []byte) int {
	if i := bytes.Index(body, []byte("endobj")); i >= 0 {
		return i
	}
	return len(body)
}
