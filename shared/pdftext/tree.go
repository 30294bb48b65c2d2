package pdftext

import (
	"fmt"

	"github.com/ledongthuc/pdf"
)

var errNoPageTree = fmt.Errorf("%w : pas d'arbre des pages", ErrDamaged)

// leaf is one page of the tree with the attributes it inherits. Inheritance
// is resolved during the walk: the library's Page.Resources follows /Parent
// without a visited set and hangs on a page that is its own parent.
type leaf struct {
	page      pdf.Page
	resources pdf.Value
	inherited boxes
}

// boxes are a page's MediaBox and CropBox as its tree gives them, inherited
// like its resources.
type boxes struct{ media, crop pdf.Value }

func (b boxes) of(node pdf.Value) boxes {
	if v := node.Key("MediaBox"); !v.IsNull() {
		b.media = v
	}
	if v := node.Key("CropBox"); !v.IsNull() {
		b.crop = v
	}
	return b
}

// pageLeaves walks the page tree once, in document order. Each indirect node
// is entered at most once, so a tree that contains itself fails at once
// with ErrPageTreeLoop and the cost is linear in the number of nodes.
func pageLeaves(r *pdf.Reader, maxPages int) ([]leaf, error) {
	root := r.Trailer().Key("Root")
	pages := root.Key("Pages")
	if pages.Kind() != pdf.Dict {
		return nil, errNoPageTree
	}
	if n := pages.Key("Count").Int64(); n > int64(maxPages) {
		return nil, fmt.Errorf("%w : %d pages annoncées, limite %d", ErrTooLarge, n, maxPages)
	}
	w := treeWalker{visited: map[ref]bool{}, maxPages: maxPages}
	if id, ok := refOfKey(root, "Pages"); ok {
		w.visited[id] = true
	}
	if err := w.walk(pages, pdf.Value{}, boxes{}, 0); err != nil {
		return nil, err
	}
	return w.leaves, nil
}

type treeWalker struct {
	visited  map[ref]bool
	maxPages int
	leaves   []leaf
}

func (w *treeWalker) walk(node, inherited pdf.Value, bx boxes, depth int) error {
	if depth > maxTreeDepth {
		return fmt.Errorf("%w : arbre des pages plus profond que %d niveaux", ErrDamaged, maxTreeDepth)
	}
	res := node.Key("Resources")
	if res.IsNull() {
		res = inherited
	}
	bx = bx.of(node)
	kids := node.Key("Kids")
	if node.Key("Type").Name() == "Page" || kids.Kind() != pdf.Array {
		if node.Key("Type").Name() == "Pages" {
			return nil // an empty intermediate node
		}
		if len(w.leaves) >= w.maxPages {
			return fmt.Errorf("%w : plus de %d pages", ErrTooLarge, w.maxPages)
		}
		w.leaves = append(w.leaves, leaf{page: pdf.Page{V: node}, resources: res, inherited: bx})
		return nil
	}
	for i := range kids.Len() {
		if id, ok := refAt(kids, i); ok {
			if w.visited[id] {
				return ErrPageTreeLoop
			}
			w.visited[id] = true
		}
		kid := kids.Index(i)
		if kid.Kind() != pdf.Dict {
			continue // a dangling reference: the other pages stay readable
		}
		if err := w.walk(kid, res, bx, depth+1); err != nil {
			return err
		}
	}
	return nil
}
