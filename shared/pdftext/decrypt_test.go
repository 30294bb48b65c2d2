package pdftext

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
)

// The object streams of an encrypted file are decrypted by the checks,
// measured and written out like any other, their strings encrypted again
// so that the library reads them unchanged (AES: with the padding it
// leaves on every string).
func TestEncryptedObjectStreams(t *testing.T) {
	t.Parallel()
	for _, useAES := range []bool{false, true} {
		file := encryptedPacked(useAES)
		tail, err := checkStructure(file)
		if err != nil || tail == nil {
			t.Fatalf("AES %v : %v, %d octets écrits", useAES, err, len(tail))
		}
		r, err := open(context.Background(), file)
		if err != nil {
			t.Fatalf("AES %v : %v", useAES, err)
		}
		lang := r.Trailer().Key("Root").Key("Lang").RawString()
		if want := "fr-FR"; !useAES && lang != want || useAES && lang != want+strings.Repeat("\x0b", 11) {
			t.Errorf("AES %v : /Lang %q, attendu %q", useAES, lang, want)
		}
		doc, err := Read(context.Background(), bytes.NewReader(file), int64(len(file)), Limits{})
		if err != nil || doc.Pages[0].Text() != "Hello" {
			t.Fatalf("AES %v : %v", useAES, err)
		}
	}
	bomb := encryptedPacked(false, genObj{body: "(" + strings.Repeat("a", maxObjStmBytes) + ")", packed: true})
	if _, err := checkStructure(bomb); !errors.Is(err, ErrTooLarge) {
		t.Errorf("flux d'objets chiffré de plus de %d octets : %v, attendu %v", maxObjStmBytes, err, ErrTooLarge)
	}
}

// A re-encrypted string reads back, whatever its bytes, through the
// content lexer the library's own follows.
func TestReencryptRoundTrip(t *testing.T) {
	t.Parallel()
	all := make([]byte, 256)
	for i := range all {
		all[i] = byte(i)
	}
	body := bytes.NewBufferString(fmt.Sprintf("<</A <%X> /B (x\\(y\\)) /C <<>> >>", all))
	c := &fileCrypt{key: []byte("0123456789abcdef")}
	var out bytes.Buffer
	if err := c.reencrypt(&out, 12, body.Bytes()); err != nil {
		t.Fatal(err)
	}
	d, ok := dictAt(append([]byte("12 0 obj\n"), out.Bytes()...), 0)
	if !ok {
		t.Fatalf("illisible : %q", out.Bytes())
	}
	for key, want := range map[string]string{"A": string(all), "B": "x(y)"} {
		if got := string(c.encrypt(12, d.strs[key])); got != want { // RC4 is its own inverse
			t.Errorf("/%s : %q, attendu %q", key, got, want)
		}
	}
}
