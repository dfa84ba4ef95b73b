// A front end that lists amqplib among its dependencies but never loads it.
export default function App() {
  return null;
}
