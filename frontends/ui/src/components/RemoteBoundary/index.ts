export {
  RemoteBoundary,
  type RemoteBoundaryProps,
  RemoteComponent,
  type RemoteComponentProps,
} from './RemoteBoundary.tsx';
