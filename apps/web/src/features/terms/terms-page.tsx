export default function TermsPage() {
  return (
    <article className="mx-auto max-w-3xl space-y-4 px-4 py-12">
      <h1 className="text-3xl font-bold">Terms &amp; Conditions</h1>
      <p className="text-muted-foreground">By creating an account you agree to these terms.</p>
      <h2 className="text-xl font-semibold">Eligibility</h2>
      <p>You must be 18 or older, and allowed to gamble where you live, to use this site.</p>
      <h2 className="text-xl font-semibold">Points</h2>
      <p>
        Points are earned by wagering at partner casinos (1 point per $1 wagered) and on live streams. Points have no cash value until redeemed, are
        non-transferable, and expire after 12 months of inactivity.
      </p>
      <h2 className="text-xl font-semibold">Games</h2>
      <p>The mini games are for entertainment: they place no real bet and pay no real money. Every outcome is provably fair.</p>
      <h2 className="text-xl font-semibold">Fair play</h2>
      <p>We may suspend accounts that abuse promotions, use several accounts or break a partner casino&apos;s rules.</p>
      <h2 className="text-xl font-semibold">Responsible gambling</h2>
      <p>Gamble only what you can afford to lose. If gambling stops being fun, take a break and seek help.</p>
    </article>
  );
}
