package statements

// The BFR (besoin en fonds de roulement) of the data dictionary: the sum of
// these balance-sheet assets minus these liabilities. Check 16 and the bfr
// ratio both read it from here.
var (
	WorkingCapitalAssets      = []string{"stocks", "creances_clients", "autres_actifs_courants"}
	WorkingCapitalLiabilities = []string{"dettes_fournisseurs", "autres_passifs_courants"}
)
