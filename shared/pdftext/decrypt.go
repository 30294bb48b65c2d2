package pdftext

import (
	"bytes"
	"crypto/aes"
	"crypto/cipher"
	"crypto/md5"
	"crypto/rc4"
	"fmt"
)

// An encrypted file's object streams are measured and flattened like any
// other: the checks decrypt them with the file key of the empty user
// password, derived as the library derives it (standard handler, R 2–4),
// and the objects written out have their strings encrypted again, with
// their new number's key, as the library will decrypt each string of an
// object that lies outside an object stream.

// fileCrypt is the library's decryption of one file: its file key, RC4 or
// AES-128 (V 4).
type fileCrypt struct {
	key    []byte
	useAES bool
}

// passwordPad pads a password to 32 bytes (ISO 32000-1, 7.6.3.3).
var passwordPad = []byte{
	0x28, 0xBF, 0x4E, 0x5E, 0x4E, 0x75, 0x8A, 0x41, 0x64, 0x00, 0x4E, 0x56, 0xFF, 0xFA, 0x01, 0x08,
	0x2E, 0x2E, 0x00, 0xB6, 0xD0, 0x68, 0x3E, 0x80, 0x2F, 0x0C, 0xA9, 0xFE, 0x64, 0x53, 0x69, 0x7A,
}

// encryption returns the decryption of the file whose trailer is trailer
// and raw /ID array id, or nil when the library would not open it with the
// empty password (another scheme, another password, a missing entry): it
// then fails by itself.
func (w *xrefWalk) encryption(trailer map[string]object, id []byte) *fileCrypt {
	enc := trailer["Encrypt"]
	if enc.kind != objRef || enc.num < 0 || enc.num >= int64(len(w.entries)) || w.entries[enc.num].typ != 1 {
		return nil
	}
	d, ok := dictAt(w.data, w.entries[enc.num].a)
	if !ok || len(id) == 0 {
		return nil
	}
	ids := lexer{data: id}
	op, args, err := ids.next() // "[(a) (b)]": one operand, no operator
	if err != nil || op != "" || len(args) != 1 || len(args[0].arr) == 0 {
		return nil
	}
	first := []byte(args[0].arr[0].str)
	n := d.num("Length", 40)
	v, r := d.num("V", 0), d.num("R", 0)
	o, u := d.strs["O"], d.strs["U"]
	if n%8 != 0 || n < 40 || n > 128 || (v != 1 && v != 2 && v != 4) || r < 2 || r > 4 || len(o) != 32 || len(u) != 32 {
		return nil
	}
	key := fileKey(o, uint32(d.num("P", 0)), first, n, r)
	if key == nil || !bytes.HasPrefix(u, userCheck(key, first, r)) {
		return nil
	}
	return &fileCrypt{key: key, useAES: v == 4}
}

// fileKey is the file key of the empty user password (ISO 32000-1,
// algorithm 2) for an n-bit key of revision r.
func fileKey(o []byte, p uint32, first []byte, n, r int64) []byte {
	h := md5.New()
	h.Write(passwordPad)
	h.Write(o)
	h.Write([]byte{byte(p), byte(p >> 8), byte(p >> 16), byte(p >> 24)})
	h.Write(first)
	key := h.Sum(nil)
	if r < 3 {
		return key[:5]
	}
	for range 50 {
		h.Reset()
		h.Write(key[:n/8])
		key = h.Sum(key[:0])
	}
	return key[:n/8]
}

// userCheck is what /U begins with when key opens the file (algorithms 4
// and 5): the padding encrypted, or for r ≥ 3 its digest with the
// document's first identifier, encrypted twenty times.
func userCheck(key, first []byte, r int64) []byte {
	c, err := rc4.NewCipher(key)
	if err != nil {
		return nil
	}
	if r == 2 {
		check := bytes.Clone(passwordPad)
		c.XORKeyStream(check, check)
		return check
	}
	h := md5.New()
	h.Write(passwordPad)
	h.Write(first)
	check := h.Sum(nil)
	c.XORKeyStream(check, check)
	for i := 1; i <= 19; i++ {
		k := bytes.Clone(key)
		for j := range k {
			k[j] ^= byte(i)
		}
		c, _ := rc4.NewCipher(k)
		c.XORKeyStream(check, check)
	}
	return check
}

// objectKey is the key of object id (generation 0), as the library
// derives it: the whole MD5 digest, whatever the file key's length.
func (c *fileCrypt) objectKey(id int64) []byte {
	h := md5.New()
	h.Write(c.key)
	h.Write([]byte{byte(id), byte(id >> 8), byte(id >> 16), 0, 0})
	if c.useAES {
		h.Write([]byte("sAlT"))
	}
	return h.Sum(nil)
}

// decrypt returns the data of stream id decrypted as the library does:
// RC4, or AES-CBC after a 16-byte IV, whole blocks, padding kept.
func (c *fileCrypt) decrypt(id int64, data []byte) []byte {
	key := c.objectKey(id)
	out := bytes.Clone(data)
	if !c.useAES {
		rc, _ := rc4.NewCipher(key)
		rc.XORKeyStream(out, out)
		return out
	}
	if len(out) < aes.BlockSize {
		return nil
	}
	block, _ := aes.NewCipher(key)
	body := out[aes.BlockSize:]
	body = body[:len(body)/aes.BlockSize*aes.BlockSize]
	cipher.NewCBCDecrypter(block, out[:aes.BlockSize]).CryptBlocks(body, body)
	return body
}

// encrypt returns s encrypted for object id, so that the library's
// decryption gives s back (AES: a zero IV and PKCS#7 padding, which the
// library leaves at the end of every string of such a file).
func (c *fileCrypt) encrypt(id int64, s []byte) []byte {
	key := c.objectKey(id)
	if !c.useAES {
		out := bytes.Clone(s)
		rc, _ := rc4.NewCipher(key)
		rc.XORKeyStream(out, out)
		return out
	}
	pad := aes.BlockSize - len(s)%aes.BlockSize
	out := make([]byte, aes.BlockSize, aes.BlockSize+len(s)+pad)
	out = append(append(out, s...), bytes.Repeat([]byte{byte(pad)}, pad)...)
	block, _ := aes.NewCipher(key)
	cipher.NewCBCEncrypter(block, out[:aes.BlockSize]).CryptBlocks(out[aes.BlockSize:], out[aes.BlockSize:])
	return out
}

// reencrypt writes body with each of its strings encrypted for object id;
// the rest is copied as it is.
func (c *fileCrypt) reencrypt(dst *bytes.Buffer, id int64, body []byte) error {
	l := lexer{data: body}
	from := 0
	for l.pos < len(body) {
		switch ch := body[l.pos]; {
		case ch == '%':
			for l.pos < len(body) && body[l.pos] != '\n' && body[l.pos] != '\r' {
				l.pos++
			}
		case ch == '(' || ch == '<' && l.peek(1) != '<':
			dst.Write(body[from:l.pos])
			var s string
			var err error
			if ch == '(' {
				s, err = l.literal()
			} else {
				s, err = l.hex()
			}
			if err != nil {
				return fmt.Errorf("%w : chaîne illisible dans l'objet %d d'un flux d'objets", ErrDamaged, id)
			}
			writeLiteral(dst, c.encrypt(id, []byte(s)))
			from = l.pos
		case ch == '<':
			l.pos += 2
		default:
			l.pos++
		}
	}
	dst.Write(body[from:])
	return nil
}

// writeLiteral writes s as a literal string, escaping what a reader would
// take for syntax: parentheses, backslashes and carriage returns (read as
// line ends).
func writeLiteral(dst *bytes.Buffer, s []byte) {
	dst.WriteByte('(')
	for _, c := range s {
		switch c {
		case '(', ')', '\\':
			dst.WriteByte('\\')
		case '\r':
			dst.WriteString(`\r`)
			continue
		}
		dst.WriteByte(c)
	}
	dst.WriteByte(')')
}

// rawDict is the top-level entries of a dictionary that the encryption
// needs: integers, strings and arrays.
type rawDict struct {
	ints map[string]int64
	strs map[string][]byte
	raw  map[string][]byte // arrays, as written
}

func (d rawDict) num(key string, absent int64) int64 {
	if v, ok := d.ints[key]; ok {
		return v
	}
	return absent
}

// dictAt reads the integers and strings of the dictionary of the object
// defined at off ("N G obj << … >>"); a value of another kind is skipped.
func dictAt(data []byte, off int64) (rawDict, bool) {
	if off < 0 || off >= int64(len(data)) {
		return rawDict{}, false
	}
	l := lexer{data: data[off:min(int64(len(data)), off+maxObjectBytes)]}
	if op, _, err := l.next(); err != nil || op != "obj" {
		return rawDict{}, false
	}
	l.skipSpace()
	if l.peek(0) != '<' || l.peek(1) != '<' {
		return rawDict{}, false
	}
	l.pos += 2
	d := rawDict{ints: map[string]int64{}, strs: map[string][]byte{}, raw: map[string][]byte{}}
	key := ""
	for {
		l.skipSpace()
		if l.pos >= len(l.data) {
			return rawDict{}, false
		}
		if l.peek(0) == '>' {
			return d, true
		}
		l.count = 0
		from := l.pos
		v, _, err := l.value(0)
		if err != nil {
			return rawDict{}, false
		}
		switch {
		case key == "" && v.kind == kindName:
			key = v.str
			continue
		case v.kind == kindNumber:
			d.ints[key] = int64(v.num)
		case v.kind == kindString:
			d.strs[key] = []byte(v.str)
		case v.kind == kindArray:
			d.raw[key] = l.data[from:l.pos]
		}
		key = ""
	}
}
