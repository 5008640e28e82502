export function meta() {
  return [{ title: "Empty app" }, { name: "description", content: "The runtime floor for the benchmark." }];
}

export default function Home() {
  return <h1>Empty React Router app</h1>;
}
