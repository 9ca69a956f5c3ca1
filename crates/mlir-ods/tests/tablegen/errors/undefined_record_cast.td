// CHECK: 3:5: error: Undefined reference to record: 'Nope'
class Rec;
def Y {
  Rec r = !cast<Rec>("Nope");
}
