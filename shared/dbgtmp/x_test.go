package dbg
import ("testing";"context";"fmt";"os";"path/filepath";"strings";"analyste.dev/analyste/shared/pdftext";"analyste.dev/analyste/shared/offline")
func TestOther(t *testing.T){
 files,_:=filepath.Glob(os.Getenv("GLOB"))
 seen:=map[string]int{}
 for _,f:=range files{
 doc,err:=pdftext.ReadFile(context.Background(),f,pdftext.Limits{}); if err!=nil{continue}
 tr,_:=offline.Read(doc)
 for _,tb:=range tr.Tables{ for _,l:=range tb.Lines{ has:=false; for _,a:=range l.Amounts{ if a!=nil {has=true}}; if has && (l.Category=="autre") { seen[string(tb.Statement)+" | "+strings.ToLower(l.Label)]++ }}}
 }
 for k,v:=range seen { fmt.Println(v,k)}
}
