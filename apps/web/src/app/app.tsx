export function App() {
  return (
    <main>
      <h1>Exchange</h1>
      <p>Spot trading of USDT pairs. The trading screens arrive with the web app issue.</p>
    </main>
  );
}
