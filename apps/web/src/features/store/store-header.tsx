/** The Points Store title and subtitle (spec 2 §2), shared by the member and public routes. */
export function StoreHeader() {
  return (
    <header>
      <h1 className="text-3xl font-bold">Points Store</h1>
      <p className="mt-1 text-muted-foreground">Redeem your points for exclusive rewards</p>
    </header>
  );
}
