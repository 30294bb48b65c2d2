package dbg
import ("testing";"context";"fmt";"os";"analyste.dev/analyste/shared/pdftext")
func TestDump(t *testing.T){
 doc,err:=pdftext.ReadFile(context.Background(),os.Getenv("PDF"),pdftext.Limits{}); if err!=nil{t.Fatal(err)}
 for _,p:=range doc.Pages{ for _,l:=range p.Lines{ fmt.Printf("p%d y=%.1f ",p.Number,l.Y); for _,s:=range l.Spans{fmt.Printf("[%.0f-%.0f s%.1f %q] ",s.X0,s.X1,s.Size,s.Text)}; fmt.Println()}}
}
