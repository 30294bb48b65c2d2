package viewer

import (
	"analyste.dev/analyste/shared/checks"
)

// involvedKeys maps the label of each accounting identity to the lines it
// reads, in dictionary order, as the checks define them. Subtotal and scale
// checks read no dictionary line: they are absent.
var involvedKeys = checks.IdentityKeys
