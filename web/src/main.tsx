import { render } from 'preact';
import { App } from './app/app';
import './styles.css';
import './data.css';

render(<App />, document.getElementById('root')!);
