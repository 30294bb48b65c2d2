// Command trainwords retrains the offline risk reader's word model on the
// labelled sets and writes shared/riskrules/words.txt (make words), from the
// module root.
package main

import (
	"fmt"
	"os"

	"analyste.dev/analyste/shared/dev/labelled"
	"analyste.dev/analyste/shared/dev/wordmodel"
)

func main() {
	data, err := wordmodel.Sentences(labelled.Dir)
	if err == nil {
		err = os.WriteFile(wordmodel.File, wordmodel.Train(data).Format(), 0o644)
	}
	if err != nil {
		fmt.Fprintf(os.Stderr, "trainwords : %v\n", err)
		os.Exit(1)
	}
	fmt.Printf("%s : %d phrases\n", wordmodel.File, len(data))
}
