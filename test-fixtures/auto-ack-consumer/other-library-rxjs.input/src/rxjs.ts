import { Subject, interval } from 'rxjs';

const orders = new Subject<string>();
orders.subscribe((id) => console.log(id));
interval(1000).subscribe(() => orders.next('tick'));
