package pdftext

import (
	"bytes"
	"context"
	"crypto/aes"
	"crypto/cipher"
	"crypto/sha256"
	"crypto/sha512"
	"fmt"
	"hash"
	"math/big"
)

// classifyUnsupported tells, for a scheme the library cannot decrypt (AES-256,
// V 5), whether the empty user password would open it: if not, the person
// must give the password; if so, only the decryption is missing. The
// encryption dictionary is read by hiding /Encrypt from the trailer, which
// keeps the library from attempting decryption.
func classifyUnsupported(ctx context.Context, data []byte) error {
	hidden := bytes.ReplaceAll(data, []byte("/Encrypt"), []byte("/Encrypx"))
	r, err := newReader(ctx, candidate{data: hidden})
	if err != nil {
		return ErrEncryptionUnsupported
	}
	enc := r.Trailer().Key("Encrypx")
	rev := enc.Key("R").Int64()
	u := enc.Key("U").RawString()
	if (rev != 5 && rev != 6) || len(u) < 48 {
		return fmt.Errorf("%w (V %d, R %d)", ErrEncryptionUnsupported, enc.Key("V").Int64(), rev)
	}
	if !emptyUserPasswordAES256(rev, []byte(u)) {
		return ErrPasswordRequired
	}
	return fmt.Errorf("%w (AES 256 bits)", ErrEncryptionUnsupported)
}

// emptyUserPasswordAES256 checks the empty user password against U
// (ISO 32000-2, algorithm 11): the hash of the password and the validation
// salt U[32:40] must equal U[0:32].
func emptyUserPasswordAES256(rev int64, u []byte) bool {
	salt := u[32:40]
	var got []byte
	if rev == 5 {
		s := sha256.Sum256(salt)
		got = s[:]
	} else {
		got = hashR6(nil, salt)
	}
	return bytes.Equal(got, u[:32])
}

// hashR6 is algorithm 2.B of ISO 32000-2 for a user password (no U data).
func hashR6(password, salt []byte) []byte {
	first := sha256.Sum256(append(append([]byte{}, password...), salt...))
	k := first[:]
	for round := 0; ; round++ {
		unit := append(append([]byte{}, password...), k...)
		k1 := bytes.Repeat(unit, 64)
		block, err := aes.NewCipher(k[:16])
		if err != nil {
			return nil
		}
		e := make([]byte, len(k1))
		cipher.NewCBCEncrypter(block, k[16:32]).CryptBlocks(e, k1)
		var h hash.Hash
		switch new(big.Int).Mod(new(big.Int).SetBytes(e[:16]), big.NewInt(3)).Int64() {
		case 0:
			h = sha256.New()
		case 1:
			h = sha512.New384()
		default:
			h = sha512.New()
		}
		h.Write(e)
		k = h.Sum(nil)
		if round >= 63 && int(e[len(e)-1]) <= round+1-32 {
			return k[:32]
		}
	}
}
